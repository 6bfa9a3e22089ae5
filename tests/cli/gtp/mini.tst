# A small regression file in GNU Go's format for the runner's test.
loadsgf ladder.sgf 1
1 attack C3
#? [1 C4]
2 ladder_attack C3
#? [1 (C4|D3)]
3 defend C3
#? [1 D3]*

# The breaker: a White stone on the ladder's path.
trymove white G6
4 ladder_attack C3
#? [0]
popgo
5 attack C3
#? [!0]
6 attack A1
#? [0]&
