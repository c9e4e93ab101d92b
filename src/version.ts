/** The service and API version (info.version of /openapi.json, /health). */
export const VERSION = "0.1.0";
