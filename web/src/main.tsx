import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ThemeModeProvider } from './app/theme-mode.tsx';
import { AuthProvider } from './app/auth.tsx';
import { ToastProvider } from './app/toasts.tsx';
import { router } from './router.tsx';
import { firstRenderReady } from './app/first-render.ts';
import { BudgetEnvironment } from './app/budget-switch.tsx';

const root = createRoot(document.getElementById('root')!);
void firstRenderReady(router).then(() =>
  root.render(
    <StrictMode>
      <ThemeModeProvider>
        <ToastProvider>
          {/* The tab's budget: a switch renders everything below again on that budget's data. */}
          <BudgetEnvironment revalidate={() => router.revalidate()}>
            <AuthProvider>
              <RouterProvider router={router} />
            </AuthProvider>
          </BudgetEnvironment>
        </ToastProvider>
      </ThemeModeProvider>
    </StrictMode>,
  ),
);
