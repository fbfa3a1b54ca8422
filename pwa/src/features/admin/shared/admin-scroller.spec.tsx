import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { apiFetch } from '../../../lib/api-fetch';
import { AdminScroller } from './admin-scroller';

function Count() {
  const query = useQuery({ queryKey: ['admin', 'count'], queryFn: () => apiFetch<{ n: number }>('/api/count') });
  return <p>Count {query.data?.n ?? '…'}</p>;
}

/** What Ionic's refresher sends once the owner has pulled far enough and let go. */
function pullToRefresh(): jest.Mock {
  const complete = jest.fn();
  const refresher = document.querySelector('ion-refresher');
  if (!refresher) throw new Error('no refresher');
  refresher.dispatchEvent(new CustomEvent('ionRefresh', { detail: { complete } }));
  return complete;
}

describe('AdminScroller', () => {
  it('asks the server again for what is on screen when pulled, and stops its spinner once all has answered', async () => {
    let n = 1;
    let answer: (() => void) | undefined;
    const { calls } = mockFetch({
      'GET /api/count': async () => {
        if (n > 1) await new Promise<void>((resolve) => (answer = resolve));
        return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify({ n: n++ }) } as Response;
      },
    });
    renderWithProviders(
      <AdminScroller>
        <Count />
      </AdminScroller>,
    );
    expect(await screen.findByText('Count 1')).toBeInTheDocument();
    // Ionic's content is presented as nothing of its own: the page's <main> stays the one main landmark.
    expect(document.querySelector('ion-content')).toHaveAttribute('role', 'presentation');

    const complete = pullToRefresh();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(complete).not.toHaveBeenCalled();
    answer?.();
    expect(await screen.findByText('Count 2')).toBeInTheDocument();
    await waitFor(() => expect(complete).toHaveBeenCalledTimes(1));
  });
});
