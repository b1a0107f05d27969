import { Home, Settings } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { Toaster } from './ui/toaster';

export function Header() {
  return (
    <header className="sticky top-0 z-10 bg-brand-800 text-white shadow-md">
      <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3">
        <h1 className="flex-1 text-lg font-bold tracking-tight sm:text-xl">Bungalow Fridge Check</h1>
        <nav aria-label="Main" className="flex gap-1">
          <Link
            to="/checkout"
            aria-label="Checkout"
            title="Checkout"
            className="grid size-12 place-items-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Home aria-hidden="true" className="size-6" />
          </Link>
          <Link
            to="/admin"
            aria-label="Admin"
            title="Admin"
            className="grid size-12 place-items-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Settings aria-hidden="true" className="size-6" />
          </Link>
        </nav>
      </div>
    </header>
  );
}

export function Layout() {
  return (
    <div className="min-h-dvh">
      <Header />
      <main className="mx-auto max-w-3xl px-4 pt-4 pb-12">
        <Outlet />
      </main>
      {/* react-hot-toast's defaults are the spec's: 4 s errors, 2 s successes, at most 20 kept. */}
      <Toaster />
    </div>
  );
}
