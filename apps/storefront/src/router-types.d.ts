// Loaders and actions get React Router's context provider (`context.get(storeContext)`), on the server and in
// the browser alike; no middleware is used.
import 'react-router';

declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}
