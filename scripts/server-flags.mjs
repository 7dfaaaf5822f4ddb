/**
 * Node's flags for the L4L server process, wherever it is started (`npm start`, the benchmarks' servers):
 * a young generation of up to 64 MB a half instead of 16. The server holds the directory's and the board's
 * indexes (docs/decisions/0042-directory-index-in-memory.md), a large old generation; a request's short-lived
 * objects then die young instead of being promoted, and the full collections that mark all of the old
 * generation come far less often (bench/README.md). NODE_OPTIONS still applies on top.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
