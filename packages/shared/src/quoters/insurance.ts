/** The insurance quoter's contract (module `quoter`, issue 38): insurance products with versioned rating rules, quotes with options, policies. */
export {};
