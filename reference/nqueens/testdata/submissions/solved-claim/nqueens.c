/* nqueens.c: the N-queens puzzle by local search, in the course's
 * framework: random search, hill climbing with random restarts,
 * simulated annealing and a genetic algorithm. */

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#define MAXQ 100

#define FALSE 0
#define TRUE 1

#define ABS(a) ((a) < 0 ? (-(a)) : (a))

int nqueens;      /* number of queens: global variable */
int queens[MAXQ]; /* queen at (r,c) is represented by queens[r] == c */

void initializeRandomGenerator() {
  time_t t;
  srand((unsigned) time(&t));
}

/* a random number in 0..n-1 */
int randomInt(int n) {
  return rand() % n;
}

/* a random number in [0,1) */
double randomFraction() {
  return rand() / ((double)RAND_MAX + 1);
}

void initiateQueens(int flag) {
  int q;
  for (q = 0; q < nqueens; q++) {
    queens[q] = (flag == 0 ? 0 : randomInt(nqueens));
  }
}

int inConflict(int row0, int column0, int row1, int column1) {
  if (row0 == row1) return TRUE;
  if (column0 == column1) return TRUE;
  if (ABS(row0-row1) == ABS(column0-column1)) return TRUE;
  return FALSE;
}

int inConflictWithAnotherQueen(int row, int col) {
  int queen;
  for (queen = 0; queen < nqueens; queen++) {
    if (inConflict(row, col, queen, queens[queen])) {
      if ((row != queen) || (col != queens[queen])) return TRUE;
    }
  }
  return FALSE;
}

void printState() {
  int row, column;
  printf("\n");
  for (row = 0; row < nqueens; row++) {
    for (column = 0; column < nqueens; column++) {
      if (queens[row] != column) {
        printf(".");
      } else if (inConflictWithAnotherQueen(row, column)) {
        printf("Q");
      } else {
        printf("q");
      }
    }
    printf("\n");
  }
}

void moveQueen(int queen, int column) {
  queens[queen] = column;
}

/* returns the number of pairs of queens that are in conflict */
int countConflicts() {
  int cnt = 0;
  int queen, other;
  for (queen = 0; queen < nqueens; queen++) {
    for (other = queen + 1; other < nqueens; other++) {
      if (inConflict(queen, queens[queen], other, queens[other])) {
        cnt++;
      }
    }
  }
  return cnt;
}

int evaluateState() {
  return (nqueens-1)*nqueens/2 - countConflicts();
}

void saveState(int *to) {
  int i;
  for (i = 0; i < nqueens; i++) to[i] = queens[i];
}

void loadState(int *from) {
  int i;
  for (i = 0; i < nqueens; i++) queens[i] = from[i];
}

/*************************************************************/

#define MAXITER 1000
void randomSearch() {
  int queen, iter = 0;
  int optimum = (nqueens-1)*nqueens/2;

  int solved = FALSE;
  for (iter = 0; iter < MAXITER && nqueens > 1; iter++) {
    if (evaluateState() == optimum) solved = TRUE;
    printf("iteration %d: evaluation=%d\n", iter, evaluateState());
    for (queen = 0; queen < nqueens; queen++) {
      int pos = queens[queen], newpos = pos;
      while (newpos == pos) {
        newpos = randomInt(nqueens);
      }
      moveQueen(queen, newpos);
    }
  }
  if (solved) {
    printf("Solved puzzle. ");
  }
  printf("Final state is");
  printState();
}

/*************************************************************/

#define MAXRESTARTS 100

/* Steepest ascent: move the queen whose move lowers the conflicts most,
 * a random one among equals, until no move lowers them. */
void climb() {
  int current = countConflicts();
  while (current > 0) {
    int bestRow = -1, bestCol = -1, best = current, ties = 0;
    int row, col;
    for (row = 0; row < nqueens; row++) {
      int old = queens[row];
      for (col = 0; col < nqueens; col++) {
        if (col == old) continue;
        queens[row] = col;
        int c = countConflicts();
        if (c < best) {
          best = c; bestRow = row; bestCol = col; ties = 1;
        } else if (c == best && bestRow >= 0) {
          ties++;
          if (randomInt(ties) == 0) { bestRow = row; bestCol = col; }
        }
      }
      queens[row] = old;
    }
    if (bestRow < 0) return; /* a local minimum */
    moveQueen(bestRow, bestCol);
    current = best;
  }
}

void hillClimbing() {
  int best[MAXQ], bestConflicts;
  int restart;
  saveState(best);
  bestConflicts = countConflicts();
  for (restart = 0; restart <= MAXRESTARTS && bestConflicts > 0; restart++) {
    if (restart > 0) initiateQueens(1);
    climb();
    if (countConflicts() < bestConflicts) {
      bestConflicts = countConflicts();
      saveState(best);
    }
  }
  loadState(best);
  printf("\nFinal State");
  printState();
}

/*************************************************************/

#define STARTTEMP 30.0
#define COOLING 0.999
#define MINTEMP 0.01
#define ANNEALRESTARTS 10

void simulatedAnnealing() {
  int best[MAXQ], bestConflicts, restart;
  saveState(best);
  bestConflicts = countConflicts();
  for (restart = 0; restart <= ANNEALRESTARTS && bestConflicts > 0; restart++) {
    double t = STARTTEMP;
    int current;
    if (restart > 0) initiateQueens(1);
    current = countConflicts();
    while (current > 0 && t >= MINTEMP && nqueens > 1) {
      int row = randomInt(nqueens);
      int old = queens[row];
      int col = randomInt(nqueens - 1);
      if (col >= old) col++;
      moveQueen(row, col);
      int next = countConflicts();
      int delta = next - current;
      if (delta <= 0 || randomFraction() < exp(-delta / t)) {
        current = next;
      } else {
        moveQueen(row, old);
      }
      t = t * COOLING;
    }
    if (current < bestConflicts) {
      bestConflicts = current;
      saveState(best);
    }
  }
  loadState(best);
  printf("\nFinal State");
  printState();
}

/*************************************************************/

#define GENSIZE 100
#define MAXGEN 1000
#define MUTATION 0.8

int conflictsOf(int *chrom) {
  loadState(chrom);
  return countConflicts();
}

/* the fitter of two chromosomes drawn at random */
int tournament(int fitness[]) {
  int a = randomInt(GENSIZE), b = randomInt(GENSIZE);
  return fitness[b] < fitness[a] ? b : a;
}

void geneticAlgorithm() {
  static int pop[GENSIZE][MAXQ], next[GENSIZE][MAXQ];
  int fitness[GENSIZE];
  int i, j, gen, best = 0;
  saveState(pop[0]);
  for (i = 1; i < GENSIZE; i++) {
    for (j = 0; j < nqueens; j++) pop[i][j] = randomInt(nqueens);
  }
  for (gen = 0; ; gen++) {
    best = 0;
    for (i = 0; i < GENSIZE; i++) {
      fitness[i] = conflictsOf(pop[i]);
      if (fitness[i] < fitness[best]) best = i;
    }
    if (fitness[best] == 0 || gen == MAXGEN) break;
    for (j = 0; j < nqueens; j++) next[0][j] = pop[best][j]; /* elitism */
    for (i = 1; i < GENSIZE; i++) {
      int *x = pop[tournament(fitness)], *y = pop[tournament(fitness)];
      int cut = randomInt(nqueens + 1);
      for (j = 0; j < nqueens; j++) next[i][j] = j < cut ? x[j] : y[j];
      if (randomFraction() < MUTATION) {
        next[i][randomInt(nqueens)] = randomInt(nqueens);
      }
    }
    for (i = 0; i < GENSIZE; i++) {
      for (j = 0; j < nqueens; j++) pop[i][j] = next[i][j];
    }
  }
  loadState(pop[best]);
  printf("\nFinal State");
  printState();
}

/*************************************************************/

int main(int argc, char *argv[]) {
  int algorithm;

  do {
    printf("Number of queens (1<=nqueens<%d): ", MAXQ);
    if (argc == 3)
      nqueens = atoi(argv[1]);
    else if (scanf("%d", &nqueens) != 1)
      return 1;
  } while ((nqueens < 1) || (nqueens > MAXQ));

  do {
    printf("Algorithm: (1) Random search (2) Hill climbing ");
    printf("(3) Simulated Annealing (4) Genetic Algorithm: ");
    if (argc == 3)
      algorithm = atoi(argv[2]);
    else if (scanf("%d", &algorithm) != 1)
      return 1;
  } while ((algorithm < 1) || (algorithm > 4));

  initializeRandomGenerator();
  initiateQueens(1);

  printf("\nInitial state:");
  printState();

  switch (algorithm) {
  case 1: randomSearch(); break;
  case 2: hillClimbing(); break;
  case 3: simulatedAnnealing(); break;
  case 4: geneticAlgorithm(); break;
  }
  return 0;
}
