/** Closes the popover menu when one of its links is followed (a popover stays open on in-page links). */
export function closeMenuOnLinkClick() {
  const menu = document.getElementById('site-menu');
  menu?.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a') && menu.matches(':popover-open')) {
      menu.hidePopover();
    }
  });
}
