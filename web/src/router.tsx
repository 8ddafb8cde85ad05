import { createBrowserRouter } from 'react-router-dom';
import { HomeRoute } from './app/HomeRoute.tsx';
import { NotFoundPage } from './features/not-found/NotFoundPage.tsx';

export const router = createBrowserRouter([
  { path: '/', element: <HomeRoute /> },
  { path: '*', element: <NotFoundPage /> },
]);
