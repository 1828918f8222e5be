//! The OpenAPI document, shaped for the clients generated from it: what the derives give is
//! rewritten here where a generator could not type it (openapi-python-client, openapi-typescript
//! and @hey-api/openapi-ts are run on the document in CI, `scripts/clients.sh`, and must
//! generate every operation and type without a warning).

use utoipa::openapi::schema::{Discriminator, OneOfBuilder};
use utoipa::openapi::{OpenApi, Ref, RefOr, Schema};

/// The inbox entry (`InboxItem`: an `id` beside a flattened, internally tagged `InboxEvent`)
/// as the derive gives it is an `allOf` of a `oneOf` and an object, which generators cannot
/// take apart (openapi-python-client drops it: "Cannot take allOf a non-object"). It becomes a
/// `oneOf` of one object schema per event, each with every field of the entry as it is sent
/// (`id`, `type` and the event's own), named `Inbox` and the event's type (`InboxSeated`,
/// `InboxGameOver`, `InboxMatchFinished`), with `type` as the discriminator; `InboxEvent`,
/// then used nowhere, goes. The wire format is the same: schemathesis checks the inbox's answers
/// against it, and the client packages' bots parse real entries with it (`scripts/clients.sh`).
pub fn inbox_as_a_union(openapi: &mut OpenApi) {
    let Some(components) = openapi.components.as_mut() else {
        return;
    };
    let Some(RefOr::T(Schema::AllOf(item))) = components.schemas.get("InboxItem").cloned() else {
        return;
    };
    let Some(RefOr::T(Schema::OneOf(events))) = components.schemas.get("InboxEvent").cloned()
    else {
        return;
    };
    // The entry's own fields (`id`): the `allOf`'s object part.
    let Some((own, own_required)) = item.items.iter().find_map(|part| match part {
        RefOr::T(Schema::Object(object)) => {
            Some((object.properties.clone(), object.required.clone()))
        }
        _ => None,
    }) else {
        return;
    };
    let mut union = OneOfBuilder::new().description(item.description.clone());
    let mut mapping = Vec::new();
    for event in &events.items {
        let RefOr::T(Schema::Object(event)) = event else {
            return;
        };
        let Some(tag) = tag_of(event) else {
            return;
        };
        let name = format!("Inbox{}", camel(&tag));
        let mut flat = event.clone();
        let mut properties = own.clone();
        properties.extend(flat.properties);
        flat.properties = properties;
        let mut required = own_required.clone();
        required.extend(flat.required);
        flat.required = required;
        components
            .schemas
            .insert(name.clone(), RefOr::T(Schema::Object(flat)));
        union = union.item(Ref::from_schema_name(name.clone()));
        mapping.push((tag, format!("#/components/schemas/{name}")));
    }
    let mut union = union
        .discriminator(Some(Discriminator::with_mapping("type", mapping)))
        .build();
    union.example = item.example;
    components
        .schemas
        .insert("InboxItem".into(), RefOr::T(Schema::OneOf(union)));
    components.schemas.remove("InboxEvent");
}

/// The value of an event schema's `type` (its one `enum` value).
fn tag_of(event: &utoipa::openapi::schema::Object) -> Option<String> {
    match event.properties.get("type")? {
        RefOr::T(Schema::Object(tag)) => tag
            .enum_values
            .as_ref()?
            .first()?
            .as_str()
            .map(str::to_owned),
        _ => None,
    }
}

/// `game_over` as `GameOver`.
fn camel(snake: &str) -> String {
    snake
        .split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_inbox_entry_is_a_union_of_objects_by_type() {
        let doc = serde_json::to_value(super::super::openapi()).unwrap();
        let schemas = &doc["components"]["schemas"];
        assert!(schemas.get("InboxEvent").is_none());
        let item = &schemas["InboxItem"];
        assert_eq!(item["discriminator"]["propertyName"], "type");
        let names: Vec<&str> = item["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["$ref"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "#/components/schemas/InboxSeated",
                "#/components/schemas/InboxGameOver",
                "#/components/schemas/InboxMatchFinished",
                "#/components/schemas/InboxChallenge",
                "#/components/schemas/InboxChallengeAccepted",
                "#/components/schemas/InboxChallengeDeclined",
                "#/components/schemas/InboxChallengeCanceled",
                "#/components/schemas/InboxArenaStarted",
                "#/components/schemas/InboxArenaFinished"
            ]
        );
        for (tag, name) in [
            ("seated", "InboxSeated"),
            ("game_over", "InboxGameOver"),
            ("match_finished", "InboxMatchFinished"),
            ("challenge", "InboxChallenge"),
            ("challenge_accepted", "InboxChallengeAccepted"),
            ("challenge_declined", "InboxChallengeDeclined"),
            ("challenge_canceled", "InboxChallengeCanceled"),
            ("arena_started", "InboxArenaStarted"),
            ("arena_finished", "InboxArenaFinished"),
        ] {
            let object = &schemas[name];
            assert_eq!(object["type"], "object", "{name}");
            assert_eq!(object["properties"]["type"]["enum"][0], tag, "{name}");
            assert_eq!(object["properties"]["id"]["type"], "integer", "{name}");
            let required = object["required"].as_array().unwrap();
            assert!(required.contains(&"id".into()), "{name}");
            assert!(required.contains(&"type".into()), "{name}");
            assert_eq!(
                item["discriminator"]["mapping"][tag],
                format!("#/components/schemas/{name}")
            );
        }
        assert_eq!(item["example"]["type"], "seated");
        assert_eq!(super::camel("match_finished"), "MatchFinished");
    }
}
