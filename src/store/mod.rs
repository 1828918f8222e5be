//! Game storage (work in progress).
