// SPDX-License-Identifier: BSD-3-Clause
/* A measured program that does nothing and keeps stderr open to its end (coreutils' true closes it
 * at exit, before the profiler's last words), and loads no library but libc's. */
int main(void) { return 0; }
