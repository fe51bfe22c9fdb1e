/** The account pages' notices: the shared ones (the code step uses them too). */
export { ErrorNotice, SuccessNotice } from '../../shared/notices';
