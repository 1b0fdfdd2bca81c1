# Wrong answer: counts up from 1, running out of guesses.
for guess in range(1, 1001):
    print(guess, flush=True)
    if input() == "correct":
        break
