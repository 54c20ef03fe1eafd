export type ComponentStatus = 'up' | 'down';

export interface HealthResponse {
  status: 'ok' | 'error';
  db: ComponentStatus;
  queue: ComponentStatus;
}
