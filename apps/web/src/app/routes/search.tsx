import { SearchResults } from '../../features/search/components/search-results.tsx';

export default function SearchRoute() {
  return <SearchResults />;
}
