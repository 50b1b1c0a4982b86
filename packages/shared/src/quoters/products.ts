/** The product quoter's contract (module `product_quoter`, issue 38): quotes of products, bundles, services and plans, with a lifecycle and revisions. */
export {};
