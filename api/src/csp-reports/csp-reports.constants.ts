/** Where browsers send the pages' Content-Security-Policy reports (the policy's report-uri, and its report-to endpoint's URL). */
export const CSP_REPORTS_PATH = '/api/csp-reports';
/** The name the policy's `report-to` gives that endpoint in the Reporting-Endpoints header. */
export const CSP_REPORTING_ENDPOINT = 'csp-endpoint';
