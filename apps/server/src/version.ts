/** Version reported by GET /api/server; clients compare it like Traccar's. */
export const SERVER_VERSION = '6.14.5';
