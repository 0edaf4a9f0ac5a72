"""Tests of the tournament kernel (service/tournaments): seating and scoring, pure."""
