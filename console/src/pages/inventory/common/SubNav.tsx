import { Link } from '@tanstack/react-router';

/** A page's sub-views, each its own URL (`/inventory/transfers`): a labelled navigation of links. */
export function SubNav({ label, links, current }: { label: string; links: { to: string; name: string }[]; current: string }) {
  return (
    <nav aria-label={label} className="subnav">
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} aria-current={current === link.to ? 'page' : undefined}>
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
