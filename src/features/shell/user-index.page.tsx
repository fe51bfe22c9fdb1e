import { Redirect } from 'wouter';
import { paths } from '../../app/paths';

/** /user is where signed-in users land; the policy list is its first page. */
export default function UserIndexPage() {
  return <Redirect to={paths.contracts()} replace />;
}
