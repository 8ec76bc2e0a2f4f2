// The Node flags the server runs with (`npm start`, and the benchmarks that start it).
//
// A young generation of 16 MiB: each position's objects live until its device's next report, and
// the ones of positions still being stored live across a scavenge, so every scavenge copies them;
// how often and how long it pauses follows from the young generation's size. 8 MiB gave many short
// pauses, which helped while the event loop was the bottleneck; since a message costs less, 16 MiB
// measured better at 10,000 positions/s (live latency p50 13 ms and p99 188-324 ms against 27-80
// and 537-575 ms with 8 MiB, same hour) and costs 2.4 µs less a message in garbage collection
// (bench/ingest-cost.ts), with pauses of about 7 ms instead of 5.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
