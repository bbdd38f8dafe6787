int f() { return undeclared; }
