import type { CspReport } from '@cocoa/shared-types';
import { Spinner } from '../../../ui/skeleton';
import { RefreshButton } from '../shared/refresh-button';
import { formatDateTime } from '../shared/format';
import { useCspReports } from './api/csp-reports';
import { CouldNot } from '../shared/query-state';
import { AdminCard } from '../shared/admin-card';

/**
 * Blocked by the security policy: what visitors' browsers reported the pages' Content-Security-Policy
 * stopped (docs/security.md), newest first. A script from an address the shop does not use, on the
 * checkout or a booking's payment page, is worth a look; a browser extension's is usually noise.
 */
export function CspReportsCard() {
  const reports = useCspReports();
  return (
    <AdminCard titleId="csp-reports-title" title="Blocked by the security policy">
      <p className="muted">
        What visitors&apos; browsers stopped from loading on the shop&apos;s pages, newest first. Addresses are shown without anything after a &lsquo;?&rsquo;.
        Reports about browser extensions are common and harmless.
      </p>
      {reports.isPending ? (
        <Spinner label="Loading the security reports" />
      ) : reports.isError ? (
        <CouldNot what="load the security reports" error={reports.error} />
      ) : reports.data.length === 0 ? (
        <p className="muted">No browser has reported anything blocked.</p>
      ) : (
        <ul className="admin-rows" aria-label="Security policy reports">
          {reports.data.map((report) => (
            <CspReportRow key={report.id} report={report} />
          ))}
        </ul>
      )}
      <div className="admin-actions">
        <RefreshButton query={reports} />
      </div>
    </AdminCard>
  );
}

function CspReportRow({ report }: { report: CspReport }) {
  const where = report.sourceFile ? `${report.sourceFile}${report.line ? `:${report.line}${report.column ? `:${report.column}` : ''}` : ''}` : null;
  return (
    <li className="admin-row">
      <div className="admin-row__main">
        <p className="admin-row__title admin-break">
          {report.blockedUrl ?? 'Something'} blocked by {report.directive}
          {report.disposition === 'report' && <span className="badge badge--off">Reported only</span>}
        </p>
        <p className="admin-row__meta admin-break">
          On {report.documentUrl} · {formatDateTime(report.receivedAt)}
        </p>
        {(where || report.sample || report.userAgent) && (
          <details className="admin-details">
            <summary>Details</summary>
            <dl className="admin-break">
              {where && (
                <>
                  <dt>Where</dt>
                  <dd>{where}</dd>
                </>
              )}
              {report.sample && (
                <>
                  <dt>Sample</dt>
                  <dd>
                    <code>{report.sample}</code>
                  </dd>
                </>
              )}
              {report.userAgent && (
                <>
                  <dt>Browser</dt>
                  <dd>{report.userAgent}</dd>
                </>
              )}
            </dl>
          </details>
        )}
      </div>
    </li>
  );
}
