//! Integration tests over real HTTP: the server runs in process on a free port, once over the
//! in-memory store and once over a private `redis-server` (`<test>::memory` and
//! `<test>::redis`).

mod helpers;

mod errors;
mod games;
mod operations;
mod races;
mod secrecy;
