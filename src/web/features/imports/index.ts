/** What other features may use from imports: nothing yet; the page is reached by its route. */
export {};
