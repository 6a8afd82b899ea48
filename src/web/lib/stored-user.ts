/** Where the browser keeps the logged-in user between visits (the spec asks for localStorage). */
export const STORED_USER_KEY = 'porchlight.user';
