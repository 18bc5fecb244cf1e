// Option fields that matter only with another option's value (data-when='{"option_end": "rounds"}') show only
// while that value is chosen. Without this script every field shows, and the server ignores those that do not apply.
(function () {
  function current(form, name) {
    const fields = [...form.elements].filter((field) => field.name === name);
    const field = fields.find((f) => (f.type === "radio" ? f.checked : true));
    if (!field) return undefined;
    return field.type === "checkbox" ? String(field.checked) : field.value;
  }
  function update(form) {
    form.querySelectorAll("[data-when]").forEach((row) => {
      const when = JSON.parse(row.dataset.when);
      row.hidden = !Object.entries(when).every(([name, value]) => current(form, name) === String(value));
    });
  }
  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("form:has([data-when])").forEach((form) => {
      update(form);
      form.addEventListener("change", () => update(form));
    });
  });
})();
