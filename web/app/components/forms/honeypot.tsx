import { HONEYPOT_FIELD } from '~/utils/honeypot';

export function Honeypot() {
  return (
    <div style={{ display: 'none' }} aria-hidden="true">
      <label>
        Please leave this field empty
        <input type="text" name={HONEYPOT_FIELD} defaultValue="" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
