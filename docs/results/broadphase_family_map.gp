# The winner map of partlab-bench broadphase --family (broadphase_family_map.csv).
set terminal pngcairo size 1360,540 noenhanced
set output 'broadphase_family_map.png'
set multiplot layout 1,2 title 'Fastest broad phase per box-size spread and speed (held-out traces)'
set xrange [-0.5:4.5]
set yrange [-0.5:2.5]
unset key
set xtics ('resting' 0, 'jitter' 1, 'flow' 2, 'ballistic' 3, 'orbit' 4)
set ytics ('uniform' 0, 'lognormal' 1, 'fewhuge' 2)
set xlabel 'speed profile'
set ylabel 'box sizes'
set title '1000 boxes'
$cells1000 << EOD
0 0 2062260 "bullet_axis3" "next 1.63x"
1 0 14034728 "box_pruning" "next 2.56x"
2 0 2924588 "sabsp" "next 1.51x"
3 0 14034728 "box_pruning" "next 3.53x"
4 0 14034728 "box_pruning" "next 3.39x"
0 1 16744206 "sap" "next 2.93x"
1 1 14034728 "box_pruning" "next 1.83x"
2 1 2924588 "sabsp" "next 1.98x"
3 1 14034728 "box_pruning" "next 1.19x"
4 1 14034728 "box_pruning" "next 4.49x"
0 2 2062260 "bullet_axis3" "next 2.40x"
1 2 14034728 "box_pruning" "next 2.28x"
2 2 2924588 "sabsp" "next 1.59x"
3 2 2924588 "sabsp" "next 1.09x"
4 2 14034728 "box_pruning" "next 3.93x"
EOD
plot $cells1000 using 1:2:(0.48):(0.48):3 with boxxyerror fs solid 0.55 lc rgb variable, '' using 1:($2+0.1):4 with labels font ',10', '' using 1:($2-0.15):5 with labels font ',9'
set title '4000 boxes'
$cells4000 << EOD
0 0 2062260 "bullet_axis3" "next 1.80x"
1 0 14034728 "box_pruning" "next 1.70x"
2 0 2924588 "sabsp" "next 1.73x"
3 0 14034728 "box_pruning" "next 4.10x"
4 0 2924588 "sabsp" "next 2.06x"
0 1 16744206 "sap" "next 1.77x"
1 1 14034728 "box_pruning" "next 1.79x"
2 1 2924588 "sabsp" "next 1.39x"
3 1 2924588 "sabsp" "next 1.62x"
4 1 2924588 "sabsp" "next 1.83x"
0 2 16744206 "sap" "next 4.52x"
1 2 14034728 "box_pruning" "next 2.54x"
2 2 14034728 "box_pruning" "next 1.04x"
3 2 2924588 "sabsp" "next 1.52x"
4 2 14034728 "box_pruning" "next 5.91x"
EOD
plot $cells4000 using 1:2:(0.48):(0.48):3 with boxxyerror fs solid 0.55 lc rgb variable, '' using 1:($2+0.1):4 with labels font ',10', '' using 1:($2-0.15):5 with labels font ',9'
unset multiplot
