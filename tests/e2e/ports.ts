// Ports of the browser-test servers (the app, the import website, the embedding partner page).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999)
export const E2E_WEBSITE_PORT = Number(process.env.E2E_WEBSITE_PORT ?? 3998)
export const E2E_EMBED_HOST_PORT = Number(process.env.E2E_EMBED_HOST_PORT ?? 3997)
