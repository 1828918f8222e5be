//! Integration tests over real HTTP: the server runs in process on a free port, once over the
//! in-memory store and once over a private `redis-server` (`<test>::memory` and
//! `<test>::redis`).

mod harness;
mod helpers;

mod archive;
mod arenas;
mod bots;
mod clock;
mod cluster;
mod contract;
mod edge;
mod errors;
mod fairplay;
mod faults;
mod five_hundred;
mod games;
mod hostile;
mod house;
mod idempotency;
mod inbox;
mod lobby;
mod matches;
mod operations;
mod outbox;
mod push;
mod queue;
mod races;
mod readme;
mod replicas;
mod samples;
mod secrecy;
mod soak;
mod web;
