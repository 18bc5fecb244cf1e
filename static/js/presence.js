// Who is at the table: an away seat turns gone once the host's wait has passed (the server drew how many seconds
// were left, data-gone-in), without a push: no page of that player is open to cause one.
(function () {
  let timers = [];
  function schedule() {
    timers.forEach(clearTimeout);
    timers = [];
    document.querySelectorAll("#presence li[data-gone-in]").forEach((seat) => {
      timers.push(setTimeout(() => { seat.dataset.presence = "gone"; }, Number(seat.dataset.goneIn) * 1000));
    });
  }
  document.addEventListener("DOMContentLoaded", schedule);
  document.addEventListener("htmx:oobAfterSwap", schedule);
})();
