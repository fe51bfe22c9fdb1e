import { Redirect } from 'wouter';
import { routePaths } from '../../../contract/paths';

/** /user is where signed-in users land; the policy list is its first page. */
export default function UserIndexPage() {
  return <Redirect to={routePaths.contracts.build()} replace />;
}
