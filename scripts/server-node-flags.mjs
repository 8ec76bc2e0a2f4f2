// The Node flags the server runs with (`npm start`, and the benchmarks that start it).
//
// A young generation of 128 MiB semi-spaces: each position's objects live until its device's next report, and
// the ones of positions still being stored live across a scavenge, so every scavenge copies them;
// how often and how long it pauses follows from the young generation's size. 8 MiB gave many short
// pauses, which helped while the event loop was the bottleneck; 16 MiB measured better once a
// message cost less (live latency p50 13 ms and p99 188-324 ms against 27-80 and 537-575 ms with
// 8 MiB at 10,000 positions/s, same hour). Since the ingest's per-message cost fell again
// (2026-11-25), 32 MiB does better still, runs interleaved in one hour: live latency at 10,000/s on
// one instance p99 18.9 and 11.9 ms against 25.2 and 20.9, on two instances 54.1 and 34.4 against
// 105.9 and 88.6; GT06 over TCP at 25,000/s offered 24,477/s acknowledged at ack p50 44 ms against
// 23,598/s at 795 ms. The cost is about 30 MiB more resident memory. 64 MiB (a later session of
// 2026-11-25, runs interleaved): GT06 over TCP at 30,000/s offered 28,436-29,413/s acknowledged (four
// runs, mean 28,800) against 27,904-28,563 (mean 28,139); live latency p99 at 10,000/s 17.4 ms on one
// instance and 18.6 across two, against 20.3 and 26.9. The cost is about 50 MiB more resident memory
// (277-280 MiB with 10,000 trackers connected, the target being 300 MB). 128 MiB (a later session,
// once the trackers' sockets had a thread of their own and the event loop had time to spare): at
// 25,000/s, three interleaved runs each, ack p99 168/141/94 ms against 222/223/177 with 64 MiB and
// 222/247/143 with 96; at 30,000/s 29,970/s acknowledged at p99 181 ms against 29,786/s at 321 ms.
// A device reporting every 0.3-0.4 s then replaces its state before that state has lived through
// two scavenges, so it is no longer copied to the old generation. Resident memory with 10,000
// trackers connected did not change (227-233 MiB); 256 MiB was worse (p99 576-816 ms at 30,000/s).
//
// No allocation-site pretenuring: V8 starts allocating the objects of a site straight in the old
// generation once most of them survive a scavenge. Under a steady ingest, positions in flight while a
// scavenge runs made sites cross that line, and everything they made afterwards, most of it dead a
// few milliseconds later, went to the old generation and had to wait for a mark-compact. Without it,
// at 5,000 positions/s with a browser following the fleet, the old generation grew by 17 MB/s
// instead of 24-27 (measured with --trace-gc), and the live latency's p99 was lower in each of three
// interleaved pairs (73-192 ms against 218-302 at 5,000/s; 89 against 230 at 3,000/s).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=128', '--no-allocation-site-pretenuring'];
