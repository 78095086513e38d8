// Account texts shared by the pages and the server.
export const INVALID_LINK = 'This link is invalid, has expired or has already been used.'
