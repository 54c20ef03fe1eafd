// Functions of test/load/fitcoach.yml. CommonJS: Artillery loads processors with require().

/** Each virtual user comes from an address of its own (the server trusts loopback's X-Forwarded-For). */
function ownAddress(context, _events, done) {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  context.vars.address = `198.18.${byte()}.${byte()}`;
  return done();
}

function fromOwnAddress(requestParams, context, _events, done) {
  if (!context.vars.address) ownAddress(context, _events, () => undefined);
  requestParams.headers = { ...requestParams.headers, 'X-Forwarded-For': context.vars.address };
  return done();
}

const ids = (name) => (process.env[name] ?? '').split(',').filter(Boolean).map(Number);
const any = (list) => list[Math.floor(Math.random() * list.length)];

/** A programme and a trainer to look at; a member buys a programme other than the one they already follow. */
function pickPages(context, _events, done) {
  const programs = ids('LOADTEST_PROGRAMS').filter((id) => id !== Number(context.vars.subscribed));
  context.vars.programId = any(programs);
  context.vars.trainerId = any(ids('LOADTEST_TRAINERS'));
  return done();
}

/** The payload of `message:send`: `to` must be a number, which a template would make a string. */
function chatMessage(context, _events, done) {
  context.vars.chatMessage = { to: Number(context.vars.trainerUserId), text: 'Hello from the load test' };
  context.vars.sentAt = performance.now();
  return done();
}

/** The server acknowledges every send with `{ok: true, message}` once the message is stored, or `{ok: false, error}`. */
function expectAcknowledged(context, events, done) {
  const acknowledged = context.vars.acknowledged === true;
  delete context.vars.acknowledged;
  // The socket engine reports no timings of its own: from the emit to its acknowledgement.
  if (acknowledged) events.emit('histogram', 'chat.message_send_ms', performance.now() - context.vars.sentAt);
  return done(acknowledged ? undefined : new Error('message:send not acknowledged with ok'));
}

module.exports = { expectAcknowledged, ownAddress, fromOwnAddress, pickPages, chatMessage };
