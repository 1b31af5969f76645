import pino from 'pino';

/** Structured JSON logs; credentials never reach them. */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.refreshToken',
        '*.refresh_token',
        '*.access_token',
        '*.apiKey',
      ],
      censor: '[redacted]',
    },
  });
}
