// The server's side of the visitor's '/' (a Vite SSR build; src/server/plugins/spa.ts loads it).
export { firstPageUrl, renderVisitorPage } from './app/visitor/visitor-page';
