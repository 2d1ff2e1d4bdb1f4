import { useEffect, useState } from 'react';
import { isSearchShortcut } from './search-results';
import { SearchDialog } from './SearchDialog';

/** The header's Search button, and Ctrl+K (Cmd+K) anywhere in the console, opening the Search dialog. */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSearchShortcut(event)) return;
      event.preventDefault(); // the browser's own Ctrl+K (its address bar search)
      setOpen(true);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <button type="button" className="search-button" aria-keyshortcuts="Control+K Meta+K" onClick={() => setOpen(true)}>
        Search <kbd aria-hidden="true">Ctrl K</kbd>
      </button>
      {open && <SearchDialog onClose={() => setOpen(false)} />}
    </>
  );
}
