/** The end of a paged list: a Load more button while a next page exists, and a message when it failed. */
export function LoadMore({
  page,
  failedText,
}: {
  page: { hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean; fetchNextPage: () => Promise<unknown> };
  failedText: string;
}) {
  return (
    <>
      {page.hasNextPage && (
        <button type="button" className="btn btn--outline btn--block" disabled={page.isFetchingNextPage} onClick={() => void page.fetchNextPage()}>
          {page.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      )}
      {page.isFetchNextPageError && (
        <p className="field__error" role="alert">
          {failedText}
        </p>
      )}
    </>
  );
}
