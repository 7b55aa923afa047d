/** The Node flags the server runs with (server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
