set terminal pngcairo size 800,500
set output 'docs/results/dynamics_lcp.png'
set datafile separator ','
set logscale xy
set xlabel 'resting contacts in the LCP'
set ylabel 'ms per step (thread CPU)'
set title 'Lemke on the resting-contact LCP (3.57-3.67): time per step'
set key left top
set grid
plot 'docs/results/dynamics_lcp.csv' using 2:5 skip 1 with linespoints title 'whole step', '' using 2:4 skip 1 with linespoints title 'resting forces (Lemke)', 16.7 title '60 Hz frame' with lines dt 2
