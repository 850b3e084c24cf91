import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

// Catalog entities carry language-specific text under one id, so they are stored under the query (whose
// arguments include languageId) rather than normalised by id, where one language would overwrite the other.
const localized = ['Product', 'Sku', 'Category', 'Brand', 'DiscountCampaign', 'ContentPage', 'MenuItem', 'Cart', 'CartItem'];
// Facet values are ids within one facet and one filter (brand 3 and category 3 share id "3", counts differ per
// filter), so they must never be merged into one normalised object either.
const unkeyed = [...localized, 'FacetValue'];

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: Object.fromEntries(unkeyed.map((type) => [type, { keyFields: false as const }])),
  });
}

/** The browser's client; the first page's data arrives with the router's hydration data instead. */
export function createBrowserApollo(): ApolloClient {
  return new ApolloClient({
    cache: createCache(),
    link: new HttpLink({ uri: '/graphql', credentials: 'same-origin' }),
  });
}
