function AdminPage() {
  return <h2>Admin Panel</h2>;
}

export const Component = AdminPage;
