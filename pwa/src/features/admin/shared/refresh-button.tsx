/** Asks a list again; disabled, and saying so, while an answer is on its way. */
export function RefreshButton({ query }: { query: { refetch: () => Promise<unknown>; isFetching: boolean } }) {
  return (
    <button type="button" className="btn btn--outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
      {query.isFetching ? 'Refreshing...' : 'Refresh'}
    </button>
  );
}
