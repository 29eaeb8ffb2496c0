// How the language server's Node process is started: by the extension (src/client) and by
// the tests and benchmarks that start it as the extension does.

/** Node flags for the server process. A young generation of 4 MB semi-spaces (V8's default
 *  grows them to 16 MB) keeps the first index's peak near its live data: on the stdlib's 734
 *  files (182 MB live) 278–291 MB against 311–319 MB, on a 5,000-file workspace 892 MB
 *  against 931 MB, for a first index 7–12 % longer (more, smaller young collections; measured
 *  with a one-thread index, as the bench's `rss` part runs it). 8 MB gave 297–305 MB: not
 *  enough for the 300 MB target. */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];
