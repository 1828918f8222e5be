//! [`connect_from_url`]: the store a URL names.

use std::sync::Arc;

use super::{GameStore, MemoryStore, RedisClusterStore, RedisStore, StoreConfig, StoreError};

/// Build the store a URL names (see the [module docs](super) for the accepted forms).
///
/// Redis backends connect at once and fail with [`StoreError::Unavailable`] if the server cannot
/// be reached within [`StoreConfig::op_timeout`]; after that they reconnect by themselves. A
/// malformed URL or configuration is also reported as [`StoreError::Unavailable`], with a message
/// that says what is wrong.
pub async fn connect_from_url(
    url: Option<&str>,
    cfg: StoreConfig,
) -> Result<Arc<dyn GameStore>, StoreError> {
    cfg.validate()?;
    let url = url.map(str::trim).unwrap_or("");
    match parse_store_url(url)? {
        StoreUrl::Memory => Ok(Arc::new(MemoryStore::new(cfg))),
        StoreUrl::Single(url) => Ok(Arc::new(RedisStore::connect(&url, cfg).await?)),
        StoreUrl::Cluster(nodes) => Ok(Arc::new(RedisClusterStore::connect(&nodes, cfg).await?)),
    }
}

/// What a store URL asks for.
#[derive(Debug, PartialEq, Eq)]
enum StoreUrl {
    Memory,
    Single(String),
    Cluster(Vec<String>),
}

fn parse_store_url(url: &str) -> Result<StoreUrl, StoreError> {
    if url.is_empty() || url == "memory" || url == "memory://" {
        return Ok(StoreUrl::Memory);
    }
    if let Some(rest) = url.strip_prefix("redis+cluster://") {
        let entries: Vec<&str> = rest
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .collect();
        // Credentials written once, on the first node, apply to every node.
        let auth = entries
            .first()
            .and_then(|first| first.rsplit_once('@'))
            .map(|(auth, _)| auth);
        let nodes: Vec<String> = entries
            .iter()
            .map(|n| match auth {
                Some(auth) if !n.contains('@') => format!("redis://{auth}@{n}"),
                _ => format!("redis://{n}"),
            })
            .collect();
        if nodes.is_empty() {
            return Err(StoreError::Unavailable(format!(
                "store URL {url:?} names no cluster node"
            )));
        }
        return Ok(StoreUrl::Cluster(nodes));
    }
    if url.contains(',') {
        let nodes: Vec<String> = url
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_owned)
            .collect();
        return Ok(StoreUrl::Cluster(nodes));
    }
    Ok(StoreUrl::Single(url.to_owned()))
}

#[cfg(test)]
mod url_tests {
    use super::*;

    #[test]
    fn parses_store_urls() {
        assert_eq!(parse_store_url("").unwrap(), StoreUrl::Memory);
        assert_eq!(parse_store_url("memory").unwrap(), StoreUrl::Memory);
        assert_eq!(
            parse_store_url("redis://h:1/0").unwrap(),
            StoreUrl::Single("redis://h:1/0".into())
        );
        assert_eq!(
            parse_store_url("redis+cluster://a:1, b:2").unwrap(),
            StoreUrl::Cluster(vec!["redis://a:1".into(), "redis://b:2".into()])
        );
        assert_eq!(
            parse_store_url("redis://a:1,redis://b:2").unwrap(),
            StoreUrl::Cluster(vec!["redis://a:1".into(), "redis://b:2".into()])
        );
        assert_eq!(
            parse_store_url("redis+cluster://u:p@a:1,b:2").unwrap(),
            StoreUrl::Cluster(vec!["redis://u:p@a:1".into(), "redis://u:p@b:2".into()])
        );
        assert!(parse_store_url("redis+cluster://").is_err());
    }

    #[tokio::test]
    async fn rejects_bad_prefix() {
        let cfg = StoreConfig {
            key_prefix: "h{p}".into(),
            ..StoreConfig::default()
        };
        assert!(matches!(
            connect_from_url(None, cfg).await,
            Err(StoreError::Unavailable(_))
        ));
    }
}
