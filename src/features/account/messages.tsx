/** The account pages' notices: the shared ones (the code step uses them too). */
export { ErrorNotice, RetryNotice, SuccessNotice } from '../../shared/notices';
