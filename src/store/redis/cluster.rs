//! A Redis Cluster ([`RedisClusterStore`]): connecting to it from seed nodes.

use std::sync::Arc;

use redis::cluster::ClusterClient;
use redis::cluster_async::ClusterConnection;

use super::connection::{Core, connection_info, map_error, tcp_settings};
use super::events::Events;
use super::{Link, Redis, RedisClusterStore};
use crate::store::{GameStore, StoreConfig, StoreError};

impl Link for ClusterConnection {
    type Origin = ();
    const BACKEND: &'static str = "redis-cluster";
    const ONE_SLOT_SPACE: bool = false;

    /// None: the cluster client routes each request to a node's own connection and is shared by
    /// every thread (one copy per thread would multiply the connections per node).
    fn thread_local_copy(_: &RedisClusterStore) -> Option<Arc<dyn GameStore>> {
        None
    }
}

impl Redis<ClusterConnection> {
    /// Connect to the cluster that the seed `nodes` (`redis://host:port` URLs) belong to and check
    /// that it answers; [`StoreError::Unavailable`] if it does not within
    /// [`StoreConfig::op_timeout`].
    pub async fn connect(nodes: &[String], config: StoreConfig) -> Result<Self, StoreError> {
        config.validate()?;
        if nodes.is_empty() {
            return Err(StoreError::Unavailable(
                "redis cluster: no seed node given".into(),
            ));
        }
        let infos = nodes
            .iter()
            .map(|n| connection_info(n))
            .collect::<Result<Vec<_>, _>>()?;
        let events = Arc::new(Events::new(&config, infos.clone()));
        let protocol = infos[0].redis_settings().protocol();
        let timeout = config.op_timeout;
        let client = ClusterClient::builder(infos)
            .use_protocol(protocol)
            .tcp_settings(tcp_settings())
            .connection_timeout(timeout)
            .response_timeout(timeout)
            .retries(3)
            .min_retry_wait(20)
            .max_retry_wait(500)
            .build()
            .map_err(|e| StoreError::Unavailable(format!("invalid redis cluster URLs: {e}")))?;
        let con = tokio::time::timeout(timeout, client.get_async_connection())
            .await
            .map_err(|_| {
                StoreError::Unavailable(format!(
                    "redis cluster connect: no answer within {timeout:?}"
                ))
            })?
            .map_err(|e| map_error("cluster connect", &e))?;
        let store = Self {
            core: Core { con, config },
            events,
            origin: (),
        };
        store.ping().await?;
        Ok(store)
    }
}
