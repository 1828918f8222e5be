//! A TCP relay that puts distance between the server and Redis: every byte it passes, in
//! either direction, is held for a fixed one-way delay before it is written on, as on a link
//! with that propagation delay and no bandwidth limit. The load benchmark
//! (`scripts/loadbench.sh`, `LB_REDIS_DELAY_US`) runs the server through it, so that a request
//! costs what its Redis round trips cost, not what its CPU costs: `GET /readyz` is one round
//! trip, and a move whose game is cached is one too (the compare-and-set).
//!
//! ```text
//! redis_delay LISTEN_PORT UPSTREAM_ADDR DELAY_MICROS
//! ```
//!
//! It listens on 127.0.0.1:LISTEN_PORT and relays each connection to UPSTREAM_ADDR. Each
//! direction of each connection has a reader thread, which stamps every chunk it reads with
//! the time it is due, and a writer thread, which sleeps until then and writes it; so chunks
//! keep their order and a pipelined connection stays pipelined. A chunk is due at least the
//! delay after it was read; `std::thread::sleep` may add some tens of microseconds.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: redis_delay LISTEN_PORT UPSTREAM_ADDR DELAY_MICROS";
    let [_, port, upstream, delay] = args.as_slice() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let (Ok(port), Ok(delay)) = (port.parse::<u16>(), delay.parse::<u64>()) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let delay = Duration::from_micros(delay);
    let listener = TcpListener::bind(("127.0.0.1", port)).unwrap_or_else(|e| {
        eprintln!("redis_delay: cannot listen on 127.0.0.1:{port}: {e}");
        std::process::exit(1);
    });
    for client in listener.incoming() {
        let client = match client {
            Ok(c) => c,
            Err(e) => {
                eprintln!("redis_delay: accept: {e}");
                continue;
            }
        };
        let server = match TcpStream::connect(upstream) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("redis_delay: cannot reach {upstream}: {e}");
                continue; // dropping the client closes it
            }
        };
        if let Err(e) = relay(client, server, delay) {
            eprintln!("redis_delay: {e}");
        }
    }
}

/// Relays both directions of one connection, each through its own delay line.
fn relay(client: TcpStream, server: TcpStream, delay: Duration) -> std::io::Result<()> {
    client.set_nodelay(true)?;
    server.set_nodelay(true)?;
    delay_line(client.try_clone()?, server.try_clone()?, delay);
    delay_line(server, client, delay);
    Ok(())
}

/// Copies `from` to `to`, each chunk written `delay` after it was read (with every later chunk
/// that is due by then, in one write). When `from` ends (or
/// fails), `to`'s write side is shut once everything read before has been written.
fn delay_line(mut from: TcpStream, mut to: TcpStream, delay: Duration) {
    let (tx, rx) = mpsc::channel::<(Instant, Vec<u8>)>();
    thread::spawn(move || {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if tx
                        .send((Instant::now() + delay, buf[..n].to_vec()))
                        .is_err()
                    {
                        break;
                    }
                }
            }
        }
        let _ = from.shutdown(Shutdown::Read);
    });
    thread::spawn(move || {
        let mut out = Vec::with_capacity(64 * 1024);
        let mut next = rx.recv().ok();
        while let Some((due, bytes)) = next.take() {
            let now = Instant::now();
            if due > now {
                thread::sleep(due - now);
            }
            // one write for this chunk and every later one already due (a busy pipelined
            // connection sends many small chunks; a sleep and a write each would lag)
            out.clear();
            out.extend_from_slice(&bytes);
            let now = Instant::now();
            loop {
                match rx.try_recv() {
                    Ok((due, bytes)) if due <= now => out.extend_from_slice(&bytes),
                    Ok(later) => {
                        next = Some(later);
                        break;
                    }
                    Err(mpsc::TryRecvError::Empty) => break,
                    Err(mpsc::TryRecvError::Disconnected) => break,
                }
            }
            if to.write_all(&out).is_err() {
                break;
            }
            if next.is_none() {
                next = rx.recv().ok();
            }
        }
        let _ = to.shutdown(Shutdown::Write);
    });
}
