//! One Redis server ([`RedisStore`]): connecting, and a connection per web worker.

use std::sync::Arc;

use redis::aio::ConnectionManager;

use super::connection::{Core, connection_info, manager_config, map_error};
use super::events::Events;
use super::{Link, Redis, RedisStore};
use crate::store::{GameStore, StoreConfig, StoreError};

impl Link for ConnectionManager {
    type Origin = redis::Client;
    const BACKEND: &'static str = "redis";
    const ONE_SLOT_SPACE: bool = true;

    /// A copy of the store with a connection of its own, made by its first call on the calling
    /// thread's Tokio runtime and driven there (change notifications stay shared). Each web
    /// worker takes one, so a request's Redis round trip never wakes another thread.
    fn thread_local_copy(store: &RedisStore) -> Option<Arc<dyn GameStore>> {
        tokio::runtime::Handle::try_current().ok()?;
        let copy = RedisStore::lazy(
            store.origin.clone(),
            store.core.config.clone(),
            store.events.clone(),
        );
        Some(Arc::new(copy.ok()?))
    }
}

impl Redis<ConnectionManager> {
    /// Connect to the Redis server at `url` (`redis://host:port/db`, see the module docs) and
    /// check that it answers; [`StoreError::Unavailable`] if it does not within
    /// [`StoreConfig::op_timeout`].
    pub async fn connect(url: &str, config: StoreConfig) -> Result<Self, StoreError> {
        config.validate()?;
        let info = connection_info(url)?;
        let events = Arc::new(Events::new(&config, vec![info.clone()]));
        let client = redis::Client::open(info)
            .map_err(|e| StoreError::Unavailable(format!("invalid redis URL: {e}")))?;
        let timeout = config.op_timeout;
        let con = tokio::time::timeout(
            timeout,
            ConnectionManager::new_with_config(client.clone(), manager_config(timeout)),
        )
        .await
        .map_err(|_| {
            StoreError::Unavailable(format!("redis connect: no answer within {timeout:?}"))
        })?
        .map_err(|e| map_error("connect", &e))?;
        let store = Self {
            core: Core { con, config },
            events,
            origin: client,
        };
        store.ping().await?;
        Ok(store)
    }

    /// Like [`RedisStore::connect`], but without touching the network: the connection is made by
    /// the first call. For a service that should start (and report not ready) while Redis is
    /// still down.
    pub fn connect_lazy(url: &str, config: StoreConfig) -> Result<Self, StoreError> {
        config.validate()?;
        let info = connection_info(url)?;
        let events = Arc::new(Events::new(&config, vec![info.clone()]));
        let client = redis::Client::open(info)
            .map_err(|e| StoreError::Unavailable(format!("invalid redis URL: {e}")))?;
        Self::lazy(client, config, events)
    }

    /// A store over `client` whose connection is made by its first call, on the runtime of that
    /// call, and driven there.
    fn lazy(
        client: redis::Client,
        config: StoreConfig,
        events: Arc<Events>,
    ) -> Result<Self, StoreError> {
        let con = ConnectionManager::new_lazy_with_config(
            client.clone(),
            manager_config(config.op_timeout),
        )
        .map_err(|e| map_error("connect", &e))?;
        Ok(Self {
            core: Core { con, config },
            events,
            origin: client,
        })
    }
}
