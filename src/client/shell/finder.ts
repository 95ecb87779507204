/** With JavaScript, choosing a filter shows its results at once; without it, the button does. */
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-finder]')) {
  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLSelectElement || (event.target instanceof HTMLInputElement && event.target.type === 'checkbox')) form.requestSubmit();
  });
}
