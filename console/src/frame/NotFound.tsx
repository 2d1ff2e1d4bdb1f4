import { Link } from '@tanstack/react-router';
import { HOME } from './pages';

/** A path below /console that is no page. */
export function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no such page. <Link to={HOME}>Go to the dashboard</Link>.
      </p>
    </>
  );
}
