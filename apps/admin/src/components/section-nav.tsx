import { NavLink, Outlet } from 'react-router';

/** A section's own navigation above its pages (the catalogue, the settings): `[path, label]` links. */
export function SectionNav({
  label,
  links,
  exact,
}: {
  label: string;
  links: readonly (readonly [string, string])[];
  /** The link that is current only on its own page (the section's first page, a prefix of the others). */
  exact?: string;
}) {
  return (
    <div className="stack">
      <nav className="catalogue-nav" aria-label={label}>
        <ul>
          {links.map(([to, text]) => (
            <li key={to}>
              <NavLink to={to} end={to === exact}>
                {text}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
